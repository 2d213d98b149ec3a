say lumen
