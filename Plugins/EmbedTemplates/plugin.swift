import Foundation
import PackagePlugin

/// Compiles the files in the package's `Templates/` folder into IlgiStore as string literals.
@main
struct EmbedTemplates: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Templates")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "ShippedTemplates.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) templates",
        executable: try context.tool(named: "EmbedTemplatesTool").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
