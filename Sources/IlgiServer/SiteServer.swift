import Hummingbird
import IlgiCore
