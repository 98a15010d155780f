pytest_plugins = ["emulator.fixtures"]
