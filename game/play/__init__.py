"""One game's life, without pygame: dealt, played through the one interpreter of the board's input, recorded as
a video, saved while under way and kept once over; a race against a video's ghost."""
