import IlgiCLI

IlgiCommandLine.run()
