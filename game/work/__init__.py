"""Work off the frame: background threads polled by the scenes, and worker processes for long pure
computations."""
