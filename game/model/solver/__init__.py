"""The solver: what a position proves (certain cells, exact mine chances), which cell to guess, hints in words,
and boards that logic alone clears.

Inside the solver a position is a flat list in reading order (`visible[r * cols + c]`: -1 covered, 0-8 a number)
and a cell is often that flat index: the enumeration is fastest on plain ints. What leaves it for the rest of
the game (`analyse`, `hint_for`, `Analysis.safe`, `Analysis.probability`) speaks `(row, col)`.
"""
