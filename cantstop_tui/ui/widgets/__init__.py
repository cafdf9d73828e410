"""The game screen's widgets, one per module; each renders from the screen's GameView."""
