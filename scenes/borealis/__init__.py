"""The Borealis: Arctic Expeditions table scene (BorealisTable in scenes.borealis.table)."""
