"""A module the probe imports: prints and reads input at import, guards a main block, writes a relative file."""

from pkg import helpers

print("noise on standard output at import")
with open("relative_litter.txt", "w", encoding="utf-8") as stream:
    stream.write("written in the working directory")

VALUE = helpers.VALUE

if __name__ == "__main__":
    with open(__file__ + ".main-ran", "w", encoding="utf-8") as stream:
        stream.write("the main block ran")

ARGUMENTS = __import__("sys").argv[1:]
TYPED = __import__("sys").stdin.read()
