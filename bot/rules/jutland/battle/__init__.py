"""The Basic Game battle (Jutland 3.4, 4, 6) on a continuous plane in yards.

The table-top pieces, translated: the Battle Area Marker is the origin; x runs east and y north
on the search sheet's compass (the marker is that compass enlarged, 3.4); a counter is a
2,500-yard segment along its heading, placed end to end in a column (3.4 item 1); the
maneuver gauge's movement factor is 800 yards (NOTES.md §1) and a turn of 45 degrees or more
uses its turning section, 2 factors per 45 degrees (14.4 item 5); the range finder is the
distance between counters' centres.
"""
