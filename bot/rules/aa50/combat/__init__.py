"""AA50 5.5: conduct combat (strategic bombing, amphibious assaults, general combat)."""
