"""The games behind the research ecosystems' APIs (the ``research`` extra): every rule set that
offers an encoding (:mod:`ludotheque.core.encoding`) as an OpenSpiel game
(:mod:`ludotheque.adapters.openspiel`, importing it registers them) and a PettingZoo AEC
environment (:mod:`ludotheque.adapters.pettingzoo`), with the project's players as bots and
policies. They know no rule set by name; ``docs/research.md`` is the page to read first.
"""
