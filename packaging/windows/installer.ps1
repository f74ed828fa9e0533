# Build the Windows installer from dist\spades-desktop and try it (packaging/README.md,
# Windows). Run from the repository root after `python packaging\build.py`:
#
#     pwsh packaging\windows\installer.ps1 -Version 0.1.0
#
# 1. compiles packaging\windows\spades-desktop.iss with Inno Setup 6.3+ (ISCC.exe on PATH or
#    in its default folder) into dist\spades-desktop-<version>-windows-x86_64-setup.exe;
# 2. installs it silently for the current user (no administrator rights), checks the
#    program and the Start-menu shortcut are there, runs the installed program's --version
#    and --smoke-test (no console: judged by the exit code);
# 3. uninstalls it silently and checks that the program folder and the shortcut are gone.
# The release workflow (.github/workflows/release.yml) runs it on windows-latest.
param(
    [Parameter(Mandatory = $true)][string]$Version,
    [string]$NumericVersion = ($Version -replace '[^0-9.].*$', '')
)
$ErrorActionPreference = 'Stop'
Set-Location (Join-Path $PSScriptRoot '..\..')

$iscc = (Get-Command ISCC.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) { $iscc = Join-Path ${env:ProgramFiles(x86)} 'Inno Setup 6\ISCC.exe' }
if (-not (Test-Path $iscc)) { throw "Inno Setup 6 is missing (choco install innosetup)" }

Write-Host "== compile the installer ($iscc)"
& $iscc /Q "/DAppVersion=$Version" "/DNumericVersion=$NumericVersion" packaging\windows\spades-desktop.iss
if ($LASTEXITCODE -ne 0) { throw "ISCC failed ($LASTEXITCODE)" }
$setup = Resolve-Path "dist\spades-desktop-$Version-windows-x86_64-setup.exe"
Write-Host ("{0}: {1:N1} MB" -f $setup, ((Get-Item $setup).Length / 1e6))

function Invoke-Checked([string]$exe, [string[]]$arguments, [string]$what) {
    $p = Start-Process -FilePath $exe -ArgumentList $arguments -Wait -PassThru
    if ($p.ExitCode -ne 0) { throw "$what exited with $($p.ExitCode)" }
}

$app = Join-Path $env:LOCALAPPDATA 'Programs\Spades Desktop'
$shortcut = Join-Path $env:APPDATA 'Microsoft\Windows\Start Menu\Programs\Spades Desktop.lnk'

Write-Host "== install for the current user"
Invoke-Checked $setup @('/VERYSILENT', '/SUPPRESSMSGBOXES', '/NORESTART') 'the installer'
foreach ($path in @("$app\spades-desktop.exe", "$app\unins000.exe", $shortcut)) {
    if (-not (Test-Path $path)) { throw "not installed: $path" }
}
Invoke-Checked "$app\spades-desktop.exe" @('--version') 'spades-desktop --version'
Invoke-Checked "$app\spades-desktop.exe" @('--smoke-test') 'spades-desktop --smoke-test'
Write-Host "installed in ${app}: --version and --smoke-test exit 0"

Write-Host "== uninstall"
Invoke-Checked "$app\unins000.exe" @('/VERYSILENT', '/SUPPRESSMSGBOXES', '/NORESTART') 'the uninstaller'
# The uninstaller finishes from a copy of itself in %TEMP%: wait until the folder is gone.
$deadline = (Get-Date).AddSeconds(60)
while ((Test-Path $app) -and (Get-Date) -lt $deadline) { Start-Sleep -Milliseconds 500 }
foreach ($path in @($app, $shortcut)) {
    if (Test-Path $path) { throw "left behind after uninstalling: $path" }
}
Write-Host "installer OK: $setup"
