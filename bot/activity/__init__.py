"""The Activity: the live table inside Discord, served by the process that runs the table."""
