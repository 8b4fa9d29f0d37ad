"""Mexican Train: the rules room for the train game (engine, personal trains, markers, the Mexican train).

The public names are exported from :mod:`scorekeeper.rules`; import them from there.
"""
