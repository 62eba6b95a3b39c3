"""What graph-compiled code does: the mode, the compiled scope, the syntax level, values and
shapes, control flow, and what an expression holds (a Cell, an optimizer, a Tensor). Uses names and cells."""
