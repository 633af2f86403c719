import Foundation
import IlgiStrings

/// The kind of weather, as both providers report it and as a person names it.
public enum WeatherCondition: String, Sendable, CaseIterable, Codable {
  case clear
  case mostlyClear
  case partlyCloudy
  case cloudy
  case fog
  case drizzle
  case rain
  case freezingRain
  case showers
  case snow
  case thunderstorm
  case windy

  /// The condition for a WMO weather code, as Open-Meteo reports it.
  public init(wmoCode code: Int) {
    switch code {
    case 0: self = .clear
    case 1: self = .mostlyClear
    case 2: self = .partlyCloudy
    case 45, 48: self = .fog
    case 51, 53, 55: self = .drizzle
    case 56, 57, 66, 67: self = .freezingRain
    case 61, 63, 65: self = .rain
    case 71, 73, 75, 77, 85, 86: self = .snow
    case 80, 81, 82: self = .showers
    case 95, 96, 99: self = .thunderstorm
    default: self = .cloudy
    }
  }

  /// The condition for an OpenWeatherMap condition id.
  public init(openWeatherMapID id: Int) {
    switch id {
    case 200..<300: self = .thunderstorm
    case 300..<400: self = .drizzle
    case 511: self = .freezingRain
    case 520..<600: self = .showers
    case 500..<600: self = .rain
    case 600..<700: self = .snow
    case 771, 781: self = .windy
    case 700..<800: self = .fog
    case 800: self = .clear
    case 801: self = .mostlyClear
    case 802: self = .partlyCloudy
    default: self = .cloudy
    }
  }

  /// A small symbol for lists and pages.
  public var symbol: String {
    switch self {
    case .clear: "☀"
    case .mostlyClear: "🌤"
    case .partlyCloudy: "⛅"
    case .cloudy: "☁"
    case .fog: "🌫"
    case .drizzle, .showers: "🌦"
    case .rain, .freezingRain: "🌧"
    case .snow: "❄"
    case .thunderstorm: "⛈"
    case .windy: "💨"
    }
  }

  /// The condition's name in `language`, from its catalog.
  public func name(in language: Language) -> String {
    let key: Message =
      switch self {
      case .clear: .weatherClear
      case .mostlyClear: .weatherMostlyClear
      case .partlyCloudy: .weatherPartlyCloudy
      case .cloudy: .weatherCloudy
      case .fog: .weatherFog
      case .drizzle: .weatherDrizzle
      case .rain: .weatherRain
      case .freezingRain: .weatherFreezingRain
      case .showers: .weatherShowers
      case .snow: .weatherSnow
      case .thunderstorm: .weatherThunderstorm
      case .windy: .weatherWindy
      }
    return Catalog(language)(key)
  }

  /// The condition a weather text written by a person or by ilgi names, in English or
  /// Korean (`Light Rain`, `맑음, 4°C`, `partly cloudy`), or nil when it names none.
  public static func recognize(_ text: String) -> WeatherCondition? {
    let lower = text.lowercased()
    let words: [(WeatherCondition, [String])] = [
      (.thunderstorm, ["thunder", "storm", "뇌우", "천둥"]),
      (.freezingRain, ["freezing", "sleet", "어는 비", "진눈깨비"]),
      (.snow, ["snow", "눈"]),
      (.showers, ["shower", "소나기"]),
      (.drizzle, ["drizzle", "이슬비"]),
      (.rain, ["rain", "비"]),
      (.fog, ["fog", "mist", "haze", "안개", "연무"]),
      (.partlyCloudy, ["partly", "구름 조금"]),
      (.mostlyClear, ["mostly clear", "mainly clear", "대체로 맑음"]),
      (.cloudy, ["cloud", "overcast", "흐림", "구름"]),
      (.clear, ["clear", "sunny", "fair", "맑음", "맑"]),
      (.windy, ["wind", "바람"]),
    ]
    for (condition, names) in words where names.contains(where: { lower.contains($0) }) {
      return condition
    }
    return nil
  }
}

/// Celsius or Fahrenheit.
public enum WeatherUnits: String, Sendable, Codable {
  case metric
  case imperial

  /// `°C` or `°F`.
  public var symbol: String { self == .metric ? "°C" : "°F" }
}

/// The weather at one moment: what it was like and how warm.
public struct WeatherReport: Sendable, Equatable, Codable {
  /// What it was like.
  public var condition: WeatherCondition
  /// The air temperature in `units`.
  public var temperature: Double
  /// The units of `temperature`.
  public var units: WeatherUnits

  /// Makes a report.
  public init(condition: WeatherCondition, temperature: Double, units: WeatherUnits) {
    self.condition = condition
    self.temperature = temperature
    self.units = units
  }

  /// The `weather:` text ilgi writes: `Clear, 4°C` / `맑음, 4°C`.
  public func text(in language: Language) -> String {
    var degrees = Int(temperature.rounded())
    if degrees == 0 { degrees = 0 }  // no "-0"
    return "\(condition.name(in: language)), \(degrees)\(units.symbol)"
  }
}

/// Where the weather is asked for.
public struct WeatherPlace: Sendable, Equatable, Codable {
  /// The name the person gave, if they gave one.
  public var name: String?
  /// Degrees north.
  public var latitude: Double
  /// Degrees east.
  public var longitude: Double

  /// Makes a place.
  public init(name: String? = nil, latitude: Double, longitude: Double) {
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether the coordinates are on the globe.
  public var isValid: Bool { (-90...90).contains(latitude) && (-180...180).contains(longitude) }
}
