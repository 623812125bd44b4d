"""Remote play: the ssh server, the table service and its protocol. Knows no game."""
