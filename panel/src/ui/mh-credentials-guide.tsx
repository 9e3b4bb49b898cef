/**
 * How to get what the «Credenciales del MH» form asks for, from MH's taxpayer console
 * (admin.factura.gob.sv): the signing certificate and the API password. Shown on the credentials
 * screen and in the first steps (ADR 0047).
 */
export function MhCredentialsGuide({ open = false }: { open?: boolean }) {
  return (
    <details class="guide" open={open}>
      <summary>¿Cómo obtengo el certificado y la contraseña de la API del MH?</summary>
      <ol class="guide-steps">
        <li>
          Entre a la consola de facturación electrónica del MH, <a href="https://admin.factura.gob.sv" target="_blank" rel="noopener noreferrer">admin.factura.gob.sv</a>, con el usuario
          del contribuyente (su NIT). Empiece por el ambiente de <strong>pruebas</strong>: el MH autoriza producción cuando ha procesado la batería de certificación.
        </li>
        <li>
          <strong>Certificado de firma.</strong> Genérelo en la consola: usted elige la <em>contraseña de la clave privada</em> (anótela). Descargue el archivo{' '}
          <code>&lt;su NIT&gt;.crt</code> (un XML que empieza por <code>&lt;CertificadoMH&gt;</code>) y regístrelo en la misma consola: generarlo no basta, y uno nuevo reemplaza al
          anterior. Guárdelo como un secreto: quien lo tenga puede firmar por la empresa.
        </li>
        <li>
          <strong>Contraseña de la API.</strong> En la consola, defina la contraseña de la API: de 13 a 25 caracteres, con letras, números y un carácter especial. El{' '}
          <em>usuario de la API</em> es el NIT del emisor, 14 dígitos sin guiones.
        </li>
        <li>
          Aquí, en «Credenciales del MH», elija el emisor y cargue el archivo <code>.crt</code>, la contraseña de su clave privada, el usuario (NIT) y la contraseña de la API. El
          panel prueba al instante el inicio de sesión en el MH y muestra si quedó conectado.
        </li>
      </ol>
    </details>
  );
}
