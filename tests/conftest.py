import os

# Snapshots must render colours; NO_COLOR in the environment would strip them.
os.environ.pop("NO_COLOR", None)
