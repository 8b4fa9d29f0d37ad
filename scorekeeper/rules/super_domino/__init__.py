"""Super Domino: the rules room for David Galt's block game with a fat spinner and special tiles.

The public names are exported from :mod:`scorekeeper.rules`; import them from there.
"""
