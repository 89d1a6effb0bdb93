"""Ice Flow's physics: presentation only (iceflow.md §13.7). The rules decide where every floe is;
``drift`` shows the floes getting there as kinematic pymunk bodies, and nothing is ever read back
from it to decide a rule."""
