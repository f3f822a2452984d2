# (nothing yet)
