; Quotedesk's additions to electron-builder's NSIS installer (electron-builder.yml: nsis.include).
; electron-builder already gives the Start menu and desktop shortcuts the AppUserModelID
; (appId, com.quotedesk.app) that the app sets at start. NSIS has no command for a shortcut's
; toast activator CLSID property: the app writes it on the Start menu shortcut at each start
; (main/electron/windows-shortcut.ts, Electron's shell.writeShortcutLink).

; The same CLSID as TOAST_ACTIVATOR_CLSID in main/electron/desktop-notifications.ts (a unit
; test compares them): Windows starts Quotedesk through this COM class when a toast left in
; the Action Center is clicked after the app quit.
!define QUOTEDESK_TOAST_ACTIVATOR_CLSID "{6B0F3C1E-4D8A-4F5B-9E2C-7A1D3B5C9E40}"

!macro customInstall
  ; quotedesk:// links open the installed app from the first moment, not only after a first launch.
  WriteRegStr SHELL_CONTEXT "Software\Classes\quotedesk" "" "URL:Quotedesk link"
  WriteRegStr SHELL_CONTEXT "Software\Classes\quotedesk" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\quotedesk\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\quotedesk\shell\open\command" "" '"$appExe" "%1"'
  ; The toast activator: COM starts this program for a click on a toast of a closed app.
  WriteRegStr SHELL_CONTEXT "Software\Classes\CLSID\${QUOTEDESK_TOAST_ACTIVATOR_CLSID}" "" "Quotedesk notification activator"
  WriteRegStr SHELL_CONTEXT "Software\Classes\CLSID\${QUOTEDESK_TOAST_ACTIVATOR_CLSID}\LocalServer32" "" '"$appExe"'
!macroend

!macro customUnInstall
  ; An update runs the old uninstaller first: the new version writes the same keys again, so
  ; they are only removed when Quotedesk is really uninstalled.
  ${ifNot} ${isUpdated}
    DeleteRegKey SHELL_CONTEXT "Software\Classes\quotedesk"
    DeleteRegKey SHELL_CONTEXT "Software\Classes\CLSID\${QUOTEDESK_TOAST_ACTIVATOR_CLSID}"
  ${endIf}
!macroend
