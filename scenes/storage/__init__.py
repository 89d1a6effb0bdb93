"""Everything the app keeps on disk: saves, settings, profiles. No pygame here."""
