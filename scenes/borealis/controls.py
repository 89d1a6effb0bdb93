"""What the player does at the Borealis table: its buttons, clicks on hand cards and locations turned
into actions, what is lit, and the prompt beside the hand.

The rules keep the turn's flow (game/borealis/frames.py): a mulligan or a regroup marks cards one
click at a time (``Mark``; the marks live in the rules' frame, visible in the actor's own view), the
button confirms (``Confirm``), and after a regroup with scientists in the camps the three locations
light up for ``SendScientists``. Cancelling a regroup takes back the marks and the ``Regroup()``
itself (they reveal nothing, so they can be undone). A mixin of ``BorealisTable``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.state import (
    ACTION,
    MULLIGAN,
    REGROUP,
    SEND,
    TAKE,
    Mark,
    PlayCard,
    Regroup,
)
from game.core.contract import HIDDEN
from game.core.i18n import _, ngettext
from scenes.borealis.pointer import hit_at
from scenes.kit.button_bar import ButtonBar, Spec
from scenes.kit.chooser import PICKED, ClickThrough, carried
from scenes.kit.prompt_bar import lit

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts

    _Base = TableParts
else:
    _Base = object


class Controls(ClickThrough, _Base):
    # --- buttons -------------------------------------------------------------------------------
    def make_buttons(self) -> None:
        """The buttons beside the hand (laid out in the layout's ``buttons_rect``, under its
        ``prompt_rect``): the rules' prompt buttons of the turn's step (``ButtonBar``), in Borealis's
        words, and Cancel to leave a regroup."""
        bh = self.lay.button_h
        sr = self.lay.buttons_rect
        gap = self.px(8)
        half = (sr.w - gap) // 2
        # the left buttons (keep, regroup) as wide as their words need, the right ones take the rest
        font = self.fonts.font("body", True)
        need = max(font.size(t)[0] for t in (_("Keep my hand"), _("Regroup…"), _("Regroup"))) + self.px(24)
        least = max(font.size(t)[0] for t in (_("Cancel"), _("Redraw"))) + self.px(24)
        left_w = max(half, min(need, sr.w - gap - least))
        left = pygame.Rect(sr.x, sr.bottom - bh, left_w, bh)
        places = {
            "left": left,
            "right": pygame.Rect(left.right + gap, sr.bottom - bh, sr.right - left.right - gap, bh),
            "wide": pygame.Rect(sr.x, sr.bottom - bh, sr.w, bh),
        }
        specs = [
            Spec("keep", "left", MULLIGAN, "primary", _("Keep these four cards and start playing."),
                 lambda: [_("Keep my hand")]),
            Spec("confirm", "right", MULLIGAN, None, _("Discard the marked cards and draw as many (only once)."),
                 lambda: self.redraw_labels(_("Redraw")), keep_in_sight=True),
            Spec("regroup", "left", ACTION, None, _(
                "Instead of playing a card: discard and redraw any cards, score 1 point per "
                "scientist in your camps and bring them all to one location."
            ), lambda: [_("Regroup…")], press=self.press_regroup),
            Spec("confirm", "left", REGROUP, "primary", _("Discard the marked cards (or none) and draw as many."),
                 lambda: self.redraw_labels(_("Regroup"))),
            Spec("cancel", "right", None, None, _("Back to playing a card."), lambda: [_("Cancel")],
                 press=lambda _action: self.press_cancel(), own=self.can_cancel),
            Spec("refresh_pool", "wide", TAKE, "accent", _(
                "Pay 1 point: the four pool cards are discarded and four new ones are revealed (once a round)."
            ), lambda: [_("Refresh pool (1 point)")]),
        ]
        self.bar = ButtonBar(self, specs, places)
        self._buttons_made = True
        self.sync_buttons()

    def redraw_labels(self, bare: str) -> list[str]:
        """"Redraw 2 cards", "Redraw 2", then ``bare`` (the longest that fits is shown)."""
        n = len(self.marked)
        if not n:
            return [bare]
        return [ngettext("Redraw {n} card", "Redraw {n} cards", n).format(n=n), _("Redraw {n}").format(n=n), bare]

    @property
    def marked(self) -> set[int]:
        """The hand cards marked in the rules' mulligan or regroup frame (the viewer's own, on its turn)."""
        if not self.my_turn() or self.vstate.phase not in (MULLIGAN, REGROUP):
            return set()
        return {c for c in self.vstate.marked() if c != HIDDEN}

    def can_cancel(self) -> bool:
        return self.vstate.phase == REGROUP and self.match.can_undo()

    def sync_buttons(self) -> None:
        if not self._buttons_made:
            return
        self._button_key = self.button_key()
        self.bar.sync(self.rules_prompt() if self.my_turn() else None)
        self.app.dirty = True

    def press_regroup(self, action: Regroup) -> None:
        self.selected = None
        self.submit(action)

    def press_cancel(self) -> None:
        """Take back the marks and the Regroup() itself: back to playing a card."""
        m = self.match
        taken = False
        while m.history.actions and isinstance(m.history.actions[-1], (Mark, Regroup)) and m.can_undo():
            taken = True
            if isinstance(m.undo(), Regroup):
                break
        if taken:
            self._changed(None)
        self.sync_buttons()

    # --- what may be done now ------------------------------------------------------------------
    def plays(self) -> list[PlayCard]:
        if not self.my_turn() or self.vstate.phase != ACTION:
            return []
        return [a for a in self.legal() if isinstance(a, PlayCard)]

    def lit_locations(self) -> set[int]:
        """Locations outlined in aurora green right now: those the prompt's choices target with the
        card in focus (carried, selected or under the pointer); with none, those a click alone plays
        (after a regroup, where the camp scientists may go), or in kids' mode every one a card fits."""
        if not self.my_turn():
            return set()
        focus = self.drag.card if self.drag is not None else self.selected
        carried = self.playable_cards()
        if focus is None and self.hover is not None:
            hit = hit_at(self, self.hover)
            if hit is not None and hit.kind == "hand" and hit.value in carried:
                focus = hit.value
        prompt = self.rules_prompt()
        if focus is not None:
            targets = lit(prompt, f"card:{focus}", "location")
        else:
            held = {f"card:{c}" for c in carried}
            alone = [c for c in prompt.choices if self.vstate.kids or not held & set(c.targets)]
            targets = {t for c in alone for t in c.targets if t.startswith("location:")}
        return {int(t.partition(":")[2]) for t in targets}

    def playable_cards(self) -> set[int]:
        """The hand cards that are picked up by a click (and dragged): those whose every move needs a
        place too. While a card is to be played, the others are greyed."""
        if not self.my_turn():
            return set()
        prompt = self.rules_prompt()
        return {c for c in self.hand_cards() if carried(prompt, f"card:{c}")}

    # --- clicks: through the prompt (scenes/kit/chooser.py) ---------------------------------------
    def not_my_turn_toast(self) -> bool:
        if self.my_turn():
            return False
        if self.match.is_over():
            self.app.toast(_("The game is over."), "error")
        else:
            self.app.toast(_("Wait: it is {name}'s turn.").format(name=self.match.name(self.match.to_act)), "error")
        return True

    def click_hand(self, card_id: int, at: tuple[int, int] | None = None) -> None:
        """A hand card: the card picked up is let go; another is picked up when its moves need a place
        (the next click says where), played when it is the move itself (a mark), or refused."""
        if self.not_my_turn_toast():
            return
        self.app.dirty = True
        if self.selected == card_id:
            self.selected = None
            return
        self.selected = None
        if self.click_thing(f"card:{card_id}", carry=True, at=at) == PICKED:
            self.selected = card_id

    def click_location(self, loc: int, at: tuple[int, int] | None = None) -> None:
        """A location of the big board, with the card picked up (if any) as the focus."""
        if self.not_my_turn_toast():
            return
        focus = None if self.selected is None else f"card:{self.selected}"
        self.click_thing(f"location:{loc}", focus, at=at)

    def click_on(self, thing: str, at: tuple[int, int] | None = None) -> None:
        """Anything else the rules name: a pool card, the deck, a camp."""
        if not self.not_my_turn_toast():
            self.click_thing(thing, at=at)

    # --- the prompt beside the hand --------------------------------------------------------------
    def kids_prompt(self) -> tuple[str, str] | None:
        """As every table's, but a hand where no card fits asks for the Regroup button."""
        got = super().kids_prompt()
        if got is not None and self.my_turn() and self.vstate.phase == ACTION and not self.plays():
            return "swap", _("Press Regroup!")
        return got

    def prompt(self) -> str:
        state = self.vstate
        if self.match.is_over():
            return _("The game is over.")
        kids = self.kids_prompt()
        if kids is not None:
            return kids[1]
        if not self.my_turn():
            seat = self.match.to_act
            if state.final_round:
                return _("Last round! {name} is playing.").format(name=self.match.name(seat))
            return _("{name} is playing.").format(name=self.match.name(seat))
        if state.phase == MULLIGAN:
            return _("Keep your starting hand, or click cards to redraw them (once).")
        if state.phase == TAKE:
            return _("Take a card: click one in the pool, or the deck for its top card.")
        if state.phase == REGROUP:
            return _("Click cards to discard (optional), then press Regroup.")
        if state.phase == SEND:
            return _("Choose the location where your camp scientists go.")
        if not self.plays():
            return _("No card fits a location: regroup to bring your scientists back.")
        if self.selected is not None:
            return _("Now click a lit location (or drag the card there).")
        return _("Your turn: pick a card, then a lit location — or regroup.")
