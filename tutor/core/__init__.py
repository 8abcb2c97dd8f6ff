"""The site's shell: home page, base layout, section placeholders, content loading."""
