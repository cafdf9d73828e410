"""The app's screens: new game, who starts, the game, help, game over, quit."""
