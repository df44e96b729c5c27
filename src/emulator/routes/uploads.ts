import type { EmulatorCore } from "../core";
import { findUpload } from "../domain/profile-images";
import { text, type Reply } from "../http/reply";
import type { RouteDef } from "../http/router";

/**
 * `GET /emulator/uploads/:folder/:file`: the images stored from profile image data URLs (users, teams, team member
 * profiles), like the platform's public bucket. Unknown keys → 404 plain text.
 *
 * @example
 * core.router.addAll(uploadRoutes(core));
 */
export function uploadRoutes(core: EmulatorCore): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/emulator/uploads/:folder/:file",
      scope: "root",
      access: "any",
      handler: (ctx): Reply => {
        const upload = findUpload(core.store, `${ctx.params.folder}/${ctx.params.file}`);
        if (!upload) return text("Not found", 404);
        return { status: 200, raw: Buffer.from(upload.base64, "base64"), contentType: upload.contentType, headers: { "cache-control": "public, max-age=31536000, immutable" } };
      },
    },
  ];
}
