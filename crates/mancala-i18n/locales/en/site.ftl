# The page's own words: header, home page, rooms. Messages are grouped by
# the view that shows them; `rules.ftl` holds the rules in words and
# `games.ftl` the games' names and stories.

site-title = Mancala
