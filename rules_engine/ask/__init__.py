"""What a board asks (its ``ask``), answered above the game: ``characteristics`` for the
characteristics of objects, the order of effects in a layer and dependency (CR 613), and
``event`` for an event's replacement and prevention choices and outcomes (CR 614-616).
"""
