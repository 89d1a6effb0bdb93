; Inno Setup script: the Windows installer of Polar Table (Inno Setup 6.3 or later).
;
;   make bundle   (or: pyinstaller --noconfirm --workpath .pyinstaller/work --distpath dist build/polar-table.spec)
;   iscc /DAppVersion=0.1.0 build\windows\polar-table.iss
;   -> dist\polar-table-0.1.0-windows-setup.exe
;
; Paths are relative to this file. It installs the one-folder bundle dist\polar-table\ into the user's
; programs folder (no administrator needed; an administrator may choose all users), with a Start menu
; entry, an optional desktop icon and an uninstaller. Saves and settings are not in {app}: the app keeps
; them in %LOCALAPPDATA%\polar-table, which the uninstaller leaves alone.
; Silent install for tests: polar-table-<v>-windows-setup.exe /VERYSILENT /SUPPRESSMSGBOXES /CURRENTUSER

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{58C9F47D-16F3-4F36-A8A9-C6443E07F7C2}
AppName=Polar Table
AppVersion={#AppVersion}
AppVerName=Polar Table {#AppVersion}
AppPublisher=Polar Table
DefaultDirName={autopf}\Polar Table
DefaultGroupName=Polar Table
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=polar-table-{#AppVersion}-windows-setup
SetupIconFile=..\..\.pyinstaller\icon\polar-table.ico
UninstallDisplayIcon={app}\polar-table.exe
UninstallDisplayName=Polar Table
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "it"; MessagesFile: "compiler:Languages\Italian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\polar-table\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An update replaces the whole bundle, so no file of an older version is left behind.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\Polar Table"; Filename: "{app}\polar-table.exe"
Name: "{autodesktop}\Polar Table"; Filename: "{app}\polar-table.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\polar-table.exe"; Description: "{cm:LaunchProgram,Polar Table}"; Flags: nowait postinstall skipifsilent
