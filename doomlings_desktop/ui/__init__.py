"""The pygame-ce front end: it draws from view_for and answers the engine; no rules live here."""
