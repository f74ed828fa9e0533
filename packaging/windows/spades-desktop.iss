; Inno Setup 6 script: the Windows installer of Spades Desktop (packaging/README.md, Windows).
;
; Build the program first (python packaging\build.py), then, from the repository root:
;     iscc /DAppVersion=0.1.0 packaging\windows\spades-desktop.iss
; or let packaging\windows\installer.ps1 do both and test the result. Writes
; dist\spades-desktop-<version>-windows-x86_64-setup.exe.
;
; - per user, without administrator rights (PrivilegesRequired=lowest): the program goes to
;   %LOCALAPPDATA%\Programs\Spades Desktop, the shortcut to the user's Start menu;
; - a Start-menu shortcut, an optional desktop shortcut, "Launch Spades Desktop" at the end;
; - an uninstaller (Settings > Apps, or the Start menu's entry). It removes the program and
;   the shortcuts only: the player's settings, autosave and statistics in
;   %LOCALAPPDATA%\SpadesDesktop stay;
; - installing a newer version over an older one replaces it in place (same AppId) and
;   closes a running game first.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=0.1.0 packaging\windows\spades-desktop.iss
#endif
; VersionInfoVersion takes only numbers (up to four): pass /DNumericVersion=0.2.0 for 0.2.0rc1.
#ifndef NumericVersion
  #define NumericVersion AppVersion
#endif
#ifndef BuildDir
  #define BuildDir "..\..\dist\spades-desktop"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

#define AppName "Spades Desktop"
#define AppExe "spades-desktop.exe"

[Setup]
; The AppId identifies the program to Windows across versions: never change it.
AppId={{9D67B47E-A844-4398-8183-D4E15A6119B7}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Spades Desktop contributors
AppCopyright=MIT License
VersionInfoVersion={#NumericVersion}
VersionInfoProductName={#AppName}
VersionInfoDescription={#AppName} installer
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
DisableDirPage=auto
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=spades-desktop-{#AppVersion}-windows-x86_64-setup
SetupIconFile=..\..\assets\icons\spades-desktop.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes
RestartApplications=no

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An older version's program folder, so that no file it had and this one lacks stays behind.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#BuildDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Play Spades offline against three computer players"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
