"""The pages before an online game, as a new player meets them at 1280x720: Play online and
the lobby. Found trying two windows by hand: a long "Back to room ..." label ran past its
button's edges (measured in the regular font, drawn bold); a join refused (a wrong room code)
showed "Room WRONG1", "The connection is lost." and "Cards: the base game." as if a room had
been joined, and Leave gave back an empty form (the address typed again); a game hosted for
this computer only said "the others join with the address 127.0.0.1:7474" and "is announced
on the local network", which no other computer can use."""

from __future__ import annotations

from test_online_ui import home, make_app  # noqa: F401

from doomlings_desktop.net.discovery import Found
from doomlings_desktop.net.host import KeptRoom
from doomlings_desktop.net.session import KeptSeat
from doomlings_desktop.ui import router


class _Heard:
    """A Finder that has heard these games (the page's network search, without a network)."""

    problem = ""

    def __init__(self, found: list[Found]) -> None:
        self.latest = found

    def found(self) -> list[Found]:
        return self.latest

    def stop(self) -> None:
        pass


def _labels_fit(app, scene) -> list[str]:
    """The buttons whose label, as Button draws it (bold), is wider than the button."""
    u = scene.unit()
    bad = []
    for b in scene.buttons:
        font = app.text.font(b.size or int(17 * u), True)
        for line in b.label.split("\n"):
            if font.size(line)[0] > b.rect.w:
                bad.append(f"{line!r}: {font.size(line)[0]} > {b.rect.w}")
    return bad


def test_every_play_online_button_label_fits_its_button_at_1280x720():
    """The longest labels the page makes: a seat to take back on a long address, a hosted
    room to reopen with a long code, games heard with many rooms."""
    app = make_app()
    sc = router.go(app, "online")
    code = "ABCDEFGHJKMNPQRSTUVWXYZ234567890"
    sc.back_to = KeptSeat("wss://a-rather-long-host-name.example.org:65000", code, "Ann", 3)
    sc.kept = KeptRoom(code, "192.168.100.200", 65000, "Ann", ("remote", "remote"), True,
                       0.0, over=True)
    sc.finder = _Heard([Found("den", "192.168.100.201", 65001, "0.1.0",
                              tuple(code[:8 + k] for k in range(8)))])
    app.frame()
    labels = [b.label for b in sc.buttons]
    assert any(lab.startswith("Back to room") for lab in labels), labels
    assert any(lab.startswith("Reopen your room") for lab in labels), labels
    assert not _labels_fit(app, sc)
