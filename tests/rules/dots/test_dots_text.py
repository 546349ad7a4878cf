"""Action text forms (ruling: "Action text should name the card type, since number and action cards
share dot pairs: `play 6|3`, `play block 3|6`, `play joker 4`, `play dj name 2`,
`play gift 1|2 give 2|5`, `draw`.")."""

from __future__ import annotations




