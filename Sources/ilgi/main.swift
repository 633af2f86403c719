import IlgiCLI
IlgiCommandLine.run()
