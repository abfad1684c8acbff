//! QR codes of links (feature `qr`): `doko serve`'s address drawn in the terminal, and a
//! shared sheet's link drawn on the web app's page.

use qrcode::QrCode;
use qrcode::render::{svg, unicode};

/// `text` as a QR code drawn with half blocks, for a terminal (light on dark, as a
/// terminal shows it); None where it is too long for a QR code.
pub fn terminal(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<unicode::Dense1x2>()
            .dark_color(unicode::Dense1x2::Light)
            .light_color(unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

/// `text` as a QR code in an SVG image (black on white, its quiet zone kept) that scales to
/// its box; None where it is too long for a QR code (more than 2,953 bytes).
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::L).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_link_is_drawn_and_a_text_too_long_is_none() {
        let link = "https://example.org/doko/#doko=abc";
        let image = super::svg(link).expect("a code");
        assert!(
            image.starts_with("<?xml") && image.contains("<svg"),
            "{image}"
        );
        assert!(super::terminal(link).expect("a code").contains('█'));
        assert!(super::svg(&"x".repeat(3000)).is_none());
    }
}
