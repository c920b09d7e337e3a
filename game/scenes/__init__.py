"""One class per screen: menu, custom form, help, playing, game over, and the confirm dialog."""
