#![no_main]
//! A rule profile: any text is accepted or refused with an error, never a panic; an
//! accepted profile scores a deal.
use doko::PlayDeals;
use doko::variant::Profile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = Profile::from_text("fuzz.toml", text, &[]) {
        let sheet = "A,B,C,D,re_points\nre,kontra,re,kontra,130\nre,re,kontra,kontra,0\n";
        if let Ok(s) = doko::deal::sheet::Sheet::parse("s.csv", sheet) {
            for deal in s.deals(&p).flatten() {
                let _ = doko::scoring::score_deal(&deal, &p);
            }
        }
        let mut rng = doko::game::generate::Rng::new(1);
        let players: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
        if (p.deck.players as usize) == 4 {
            let r = doko::game::generate::random_deal(&p, &players, 3, 1, &mut rng);
            let _ = doko::game::play(&r, &p);
        }
    }
});
