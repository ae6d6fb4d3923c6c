"""Friends on other machines, as they would meet: the server behind Caddy (Debian's package)
with the home network's configuration of ``deploy/`` (``tls internal``), on free loopback
ports, and two browsers playing a whole game of Crypto-90 over ``https://`` and ``wss://``.

Caddy runs with ``admin off``, ``skip_install_trust`` (nothing is added to this machine's trust
store) and its storage in the test's folder; the browsers take its internal authority's
certificate as a person clicking through the warning would (``ignore_https_errors``)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.server.helpers import LiveServer
from tests.server.postgresql import free_port
from tests.server.test_browser import (
    DESKTOP,
    PHONE,
    STILL,
    phone_fits,
    play_to_the_end,
    sit_down,
)

CADDY = Path("/usr/bin/caddy")
DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


class Proxied:
    """``ludotheque serve`` behind Caddy: ``url`` the proxy's address by IP, ``public`` the
    name the server's links are built on."""

    def __init__(self, folder: Path) -> None:
        https, http = free_port(), free_port()
        self.url = f"https://127.0.0.1:{https}"
        self.public = f"https://localhost:{https}"
        self.server = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                                 "--seed", "3", "--messages-per-second", "1000",
                                 "--public-url", self.public, "--forwarded-allow-ips",
                                 "127.0.0.1")
        config = folder / "Caddyfile"
        config.write_text(
            "{\n\tadmin off\n\tskip_install_trust\n"
            f"\tstorage file_system {folder / 'caddy'}\n"
            f"\thttp_port {http}\n\thttps_port {https}\n\tdefault_sni localhost\n}}\n"
            f"import {DEPLOY / 'Caddyfile.home'}\n"
        )
        self.log = folder / "caddy.log"
        environment = os.environ | {
            "LUDOTHEQUE_SITE": f"{self.public}, {self.url}",
            "LUDOTHEQUE_UPSTREAM": f"127.0.0.1:{self.server.port}",
            "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
            "XDG_CONFIG_HOME": str(folder / "config"),
        }
        self.caddy = subprocess.Popen(
            [str(CADDY), "run", "--config", str(config), "--adapter", "caddyfile"],
            env=environment, stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:  # until it answers over HTTPS
            try:
                if httpx.get(self.url + "/", verify=False, timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert self.caddy.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, "caddy did not start"
            time.sleep(0.1)

    def stop(self) -> None:
        self.caddy.terminate()
        self.caddy.wait(timeout=10)
        self.server.kill()


@pytest.fixture
def proxied(tmp_path) -> Iterator[Proxied]:
    if not CADDY.exists():
        pytest.fail(f"{CADDY} is missing: `make test` installs Debian's caddy package.",
                    pytrace=False)
    assert shutil.which("caddy")
    live = Proxied(tmp_path)
    yield live
    live.stop()


def history(page: Page) -> list[str]:
    """Every address in the page's history, as the browser keeps it."""
    session = page.context.new_cdp_session(page)
    return [entry["url"] for entry in session.send("Page.getNavigationHistory")["entries"]]


def no_key_anywhere(page: Page) -> None:
    """Once the page's first script has run, its key is in no address it has been at."""
    page.wait_for_selector("#table[data-turn]")
    assert "key" not in page.url
    assert not any("key=" in url for url in history(page)), history(page)


def test_friends_play_crypto_90_over_https_and_play_again(
    chromium_browser, proxied, screenshots_dir
):
    # Thirty decisions, then the game stops as its limit says: play again comes after an end
    # as after any other, and a whole round by clicks cost three minutes of make test.
    options = {"goal": "rounds", "rounds": "1", "limit": "30"}
    host = chromium_browser.new_context(viewport=DESKTOP, ignore_https_errors=True, **STILL)
    host.grant_permissions(["clipboard-read", "clipboard-write"], origin=proxied.url)
    guest = chromium_browser.new_context(viewport=PHONE, ignore_https_errors=True, **STILL)
    try:
        first = host.new_page()
        sit_down(first, proxied.url, "crypto-90", ["human", "human"], options)
        no_key_anywhere(first)
        table = first.locator("#table").get_attribute("data-table")
        # Until the friend comes, the invitations come first, above the board.
        invites = first.locator("#invites")
        expect(invites).to_be_visible()
        expect(invites).to_contain_text("south's seat — waiting for them")
        assert invites.bounding_box()["y"] < first.locator("#board").bounding_box()["y"]
        expect(invites.locator("img.qr")).to_have_count(2)
        first.screenshot(path=str(screenshots_dir / "invitations-desktop.png"))
        invites.locator(".invite").first.get_by_role("button", name="Copy").click()
        link = first.evaluate("navigator.clipboard.readText()")
        assert link.startswith(f"{proxied.public}/t/{table}#key=")

        second = guest.new_page()
        second.goto(link)
        no_key_anywhere(second)
        expect(invites).to_be_hidden()  # every seat taken
        second.screenshot(path=str(screenshots_dir / "friend-phone.png"), full_page=True)

        # The pages talk: text, never markup.
        first.fill("#line", "Bonne chance <b>à toi</b> !")
        first.press("#line", "Enter")
        said = second.locator("#talk li").last
        expect(said).to_have_text("north: Bonne chance <b>à toi</b> !")
        assert second.locator("#talk b").count() == 0
        second.fill("#line", "Merci !")
        second.click("#say button")
        expect(first.locator("#talk li").last).to_have_text("south: Merci !")

        shots = {str(screenshots_dir / "crypto-90-desktop.png"): first,
                 str(screenshots_dir / "crypto-90-phone.png"): second}
        result = play_to_the_end([first, second], random.Random("crypto-90"), shots)
        assert result.endswith(".")
        phone_fits(second)
        first.screenshot(path=str(screenshots_dir / "crypto-90-end.png"), full_page=True)

        # Play again: the one who asks goes at once, the other follows in one click.
        first.get_by_role("button", name="Play again").click()
        first.wait_for_url(lambda url: table not in url)
        second.get_by_role("button", name="Take your seat there").click()
        second.wait_for_url(lambda url: table not in url)
        assert first.url.rpartition("/t/")[2] == second.url.rpartition("/t/")[2]
        # Another browser at the table's address, with no key, watches.
        stranger = chromium_browser.new_context(viewport=PHONE, ignore_https_errors=True)
        watching = stranger.new_page()
        watching.goto(f"{proxied.public}/t/{table}")
        watching.wait_for_selector("#table[data-turn]")
        expect(watching.locator(".seats")).not_to_contain_text("(you)")
        expect(watching.locator("#say")).to_be_hidden()
        stranger.close()
        for page, seat in ((first, "south (you)"), (second, "north (you)")):
            no_key_anywhere(page)
            expect(page.locator(".seats")).to_contain_text(seat)
        # No key reached a log on the way (the fragment never leaves a browser).
        keys = [page.evaluate(f"sessionStorage.getItem('ludotheque:key:{table}')")
                for page in (first, second)]
        assert all(keys)
        logs = proxied.server.log.read_text() + proxied.log.read_text()
        assert not any(key in logs for key in keys)
    finally:
        host.close()
        guest.close()


@pytest.mark.parametrize("config", ["Caddyfile", "Caddyfile.home"])
def test_the_deploy_configurations_are_valid(tmp_path, config):
    """As far as a machine without the internet can check them: a real certificate for a
    domain needs its DNS and ports 80 and 443."""
    if not CADDY.exists():
        pytest.fail(f"{CADDY} is missing: `make test` installs Debian's caddy package.",
                    pytrace=False)
    checked = subprocess.run(
        [str(CADDY), "validate", "--config", str(DEPLOY / config), "--adapter", "caddyfile"],
        env=os.environ | {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
                          "XDG_CONFIG_HOME": str(tmp_path / "config")},
        capture_output=True, text=True, timeout=60, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Valid configuration" in checked.stdout + checked.stderr


@pytest.mark.parametrize("trusted", [True, False])
def test_forwarded_addresses_are_believed_from_the_proxy_alone(tmp_path, trusted):
    """Behind a proxy each visitor's allowance counts him, as the proxy names him; without
    the proxy named, a header anyone can write counts for nothing."""
    server = LiveServer(f"sqlite:///{tmp_path / 'tables.sqlite'}", tmp_path / "server.log",
                        "--tables-per-address", "1",
                        *(["--forwarded-allow-ips", "127.0.0.1"] if trusted else []))
    try:
        def opened(visitor: str) -> int:
            return httpx.post(
                f"{server.url}/new/crypto-90", content="seat0=human&seat1=random",
                headers={"content-type": "application/x-www-form-urlencoded",
                         "x-forwarded-for": visitor}).status_code

        assert opened("203.0.113.1") == 303
        assert opened("203.0.113.1") == 429
        assert opened("203.0.113.2") == (303 if trusted else 429)
    finally:
        server.kill()
