"""Layerlab's Django project: settings, URLs, ASGI/WSGI entry points and apps."""
