"""savanna.train: expert iteration for the game's net (data/<game>/net.bin), with Debian's
python3-torch. `python3 -m savanna.train GAME ...`; docs/nets.md describes the method, the
commands and their costs. Importing savanna does not import this package (nor torch)."""
