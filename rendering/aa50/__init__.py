"""AA50 pictures (issue 18): the world map and its theatres (``render``), the battle board
(``battle``), from the view and the board's geometry (``data/aa50/map/``)."""
