"""Online play: a server that hosts rooms of games and a client that plays a remote seat.

The server runs each room's `Game` and sends every remote seat only what `view_for` and the
event doors (`events_for`, `zone_events_for`) give that seat; every message a client sends is
hostile input, checked for size, rate, schema, token and the decision it answers before the game
is touched. The parts: `protocol` (the versioned message schema, the version and card-rules
check), `wire` (views and events to and from their JSON form), `room` (one game and its seats,
no I/O), `server` (websockets, limits, rooms) and `client` (a remote seat, reconnecting).
docs/online.md says how to run a server and what is promised.
"""
