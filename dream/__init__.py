"""Dream runs: orient, summarize, map facts, update the wiki; validated atomic sync."""
