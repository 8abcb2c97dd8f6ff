"""The replacement grammar's rows, one module per family group (``row.py`` says what a
row is; ``replacement/sentences.py`` tries them in order)."""
