import Foundation
import PackagePlugin

/// Writes `PennyVersion.swift` before every build from `git describe` (the tag, commits
/// since it and the commit), so `penny --version` names what was built.
@main
struct PennyVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
        let script = context.package.directoryURL.appendingPathComponent("scripts/version.sh")
        return [
            .prebuildCommand(
                displayName: "Penny version from git describe",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, context.package.directoryURL.path, output.appendingPathComponent("PennyVersion.swift").path],
                outputFilesDirectory: output)
        ]
    }
}
