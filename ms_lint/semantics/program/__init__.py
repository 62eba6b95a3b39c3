"""The program: its set-up facts, training, precision, data pipeline, evaluation, the weights it sets,
the API changes it meets, and the programs of a run or of a file linted alone. Uses names, cells and graph."""
