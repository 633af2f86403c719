import IlgiCore
