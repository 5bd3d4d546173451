"""The card art, drawn by code (our own design, no official art): `ui.cardface.CardArt` is the
cached entry point; this package holds the drawings it delegates to, one job per module."""
