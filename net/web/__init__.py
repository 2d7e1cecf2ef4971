"""Phones as hands: a web page and a WebSocket bridge that seats a phone as an ordinary LAN guest."""
