"""The structure of Cells: their ancestry and the containers that hold them. Uses names."""
