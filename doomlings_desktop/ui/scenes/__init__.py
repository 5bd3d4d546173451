"""The menu's scenes, one a module. They never import each other: `ui.router` names them."""
