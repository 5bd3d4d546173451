"""The pages before an online game, as a new player meets them at 1280x720: Play online and
the lobby. Found trying two windows by hand: a long "Back to room ..." label ran past its
button's edges (measured in the regular font, drawn bold); a join refused (a wrong room code)
showed "Room WRONG1", "The connection is lost." and "Cards: the base game." as if a room had
been joined, and Leave gave back an empty form (the address typed again); a game hosted for
this computer only said "the others join with the address 127.0.0.1:7474" and "is announced
on the local network", which no other computer can use."""

from __future__ import annotations

import socket

from netdriver import start_server, stop_server
from test_online_ui import home, host_by_clicks, make_app, press, type_into  # noqa: F401
from uidriver import wait_until

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


def _drawn(app) -> list[str]:
    """Every text the next frame renders."""
    got: list[str] = []
    real = app.text.render

    def render(text, *a, **kw):
        got.append(str(text))
        return real(text, *a, **kw)
    app.text.render = render
    try:
        app.frame()
    finally:
        app.text.render = real
    return got


def _typed_join(app, address: str, code: str):
    router.go(app, "online")
    app.frame()
    type_into(app, app.scene, "address", address)
    type_into(app, app.scene, "code", code)
    press(app, "join")
    assert type(app.scene).__name__ == "LobbyScene"
    return app.scene


def test_a_refused_join_shows_no_room_and_leave_keeps_the_form():
    """A wrong room code: the lobby says the room could not be joined and why, shows no
    room's title, seats or cards; Leave gives back the form as typed, to mend the code."""
    st, errors = start_server([("RIGHT1", ["remote", "remote"], (), 1)])
    app = make_app()
    try:
        address = st.url.removeprefix("ws://")
        lobby = _typed_join(app, address, "wrong1")
        wait_until(lambda: lobby.match.state == "lost", "the refusal", pump=app.frame)
        text = _drawn(app)
        assert "Not joined" in text and "Room WRONG1" not in text, text
        assert not any(t.startswith("Cards:") for t in text), text
        assert any("WRONG1" in t and "could not be joined" in t for t in text), text
        assert any(t.startswith("There is no room WRONG1") for t in text), text
        press(app, "leave")
        sc = app.scene
        assert type(sc).__name__ == "OnlineScene"
        assert sc.fields["address"].text == address and sc.fields["code"].text == "WRONG1"
        assert not errors.records
    finally:
        router.go(app, "menu")
        stop_server(st, errors)


def test_no_answer_at_the_address_is_said_while_the_window_tries_again():
    """A port where nothing listens (a typo): within seconds the lobby says there is no
    answer and what to check, while it goes on trying for the minute (before: "Connecting
    to ..." and nothing else for a whole minute)."""
    with socket.socket() as s:          # a port that was free a moment ago: nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = make_app()
    try:
        lobby = _typed_join(app, f"127.0.0.1:{port}", "FRIDAY")

        def told() -> bool:
            text = " ".join(_drawn(app))        # a sentence may wrap onto two lines
            return "no answer yet" in text and "nothing answers on that port" in text \
                and "Check the address and port" in text
        wait_until(told, "the lobby says nothing answers", deadline_s=20, idle_s=0.05)
        assert lobby.match.state == "connecting"
        assert not any(t.startswith("Cards:") for t in _drawn(app))
    finally:
        router.go(app, "menu")


def test_a_game_hosted_for_this_computer_only_says_so():
    """Hosted on This computer only: the lobby does not tell 'the others' an address
    no other computer can use, nor that the game is announced on the local network."""
    app = make_app()
    try:
        host_by_clicks(app)
        text = _drawn(app)
        assert any(t.startswith("Only programs on this computer can join") for t in text), text
        assert not any("announced" in t or t.startswith("The others join") for t in text), text
    finally:
        router.go(app, "menu")


def test_a_mistyped_join_keeps_the_seat_of_the_game_before():
    """A seat kept to be taken back (a game in progress this program left) stays kept
    through a join that fails (a wrong code: before, its files were deleted as the Join was
    pressed, and the game's seat was lost for good); a join that succeeds replaces it."""
    from doomlings_desktop.net.session import last_seat, remember_seat, seat_files

    st, errors = start_server([("RIGHT1", ["remote", "remote"], (), 1)])
    app = make_app()
    token, _ = seat_files()
    token.parent.mkdir(parents=True, exist_ok=True)
    token.write_text("0123456789abcdef" * 2, encoding="utf-8")
    remember_seat("ws://127.0.0.1:7474", "KEPT01", "Ann")
    try:
        address = st.url.removeprefix("ws://")
        lobby = _typed_join(app, address, "wrong1")
        wait_until(lambda: lobby.match.state == "lost", "the refusal", pump=app.frame)
        kept = last_seat()
        assert kept is not None and kept.room == "KEPT01", kept
        assert token.read_text(encoding="utf-8") == "0123456789abcdef" * 2
        press(app, "leave")
        assert any(b.label.startswith("Back to room KEPT01") for b in app.scene.buttons)
        lobby = _typed_join(app, address, "right1")
        wait_until(lambda: lobby.match.state == "lobby" and lobby.match.lobby, "the seat",
                   pump=app.frame)
        kept = last_seat()
        assert kept is not None and kept.room == "RIGHT1", kept
        assert token.read_text(encoding="utf-8") != "0123456789abcdef" * 2
        assert not errors.records
    finally:
        router.go(app, "menu")
        stop_server(st, errors)


def test_a_joiner_is_told_the_room_waits_for_a_player_not_a_host():
    """A room of `doomlings serve` with a seat still open: the joined lobby says it waits for
    one more player (no host presses Start there: it is dealt when every seat is taken)."""
    st, errors = start_server([("OPEN01", ["remote", "remote", "easy"], (), 1)])
    app = make_app()
    try:
        lobby = _typed_join(app, st.url.removeprefix("ws://"), "open01")
        wait_until(lambda: lobby.match.state == "lobby" and lobby.match.lobby, "the seat",
                   pump=app.frame)
        text = _drawn(app)
        assert "Waiting for 1 more player to join." in text, text
        assert not any("host to start" in t for t in text), text
        assert not errors.records
    finally:
        router.go(app, "menu")
        stop_server(st, errors)
