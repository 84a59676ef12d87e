// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IMarketCollection {
    function ownerOf(uint256 tokenId) external view returns (address);
    function safeTransferFrom(address from, address to, uint256 tokenId) external;
}

/// An NFT marketplace for the local demo chain: a seller lists a token of one collection for ETH
/// (after approving the marketplace); `buy` moves the token seller → buyer with safeTransferFrom
/// and pays the seller the price minus a 2.5% fee, and the fee to the fee recipient, through
/// internal calls. So the preview has an NFT in, ETH out and ETH moved by internal calls to show.
contract DemoMarketplace {
    struct Listing {
        address seller;
        uint256 tokenId;
        uint256 price;
        bool active;
    }

    uint256 public constant FEE_BPS = 250;

    address public immutable collection;
    address public immutable feeRecipient;
    uint256 public listingCount;
    /// Listings by id, from 1.
    mapping(uint256 => Listing) public listings;

    event Listed(uint256 indexed listingId, address indexed seller, uint256 indexed tokenId, uint256 price);
    event Sold(uint256 indexed listingId, address indexed buyer, address indexed seller, uint256 price, uint256 fee);
    event Cancelled(uint256 indexed listingId);

    error NotTokenOwner(uint256 tokenId);
    error NotListed(uint256 listingId);
    error NotSeller(uint256 listingId);
    error WrongPayment(uint256 sent, uint256 price);
    error PaymentFailed(address to, uint256 value);

    constructor(address collection_, address feeRecipient_) {
        collection = collection_;
        feeRecipient = feeRecipient_;
    }

    function list(uint256 tokenId, uint256 price) external returns (uint256 listingId) {
        if (IMarketCollection(collection).ownerOf(tokenId) != msg.sender) revert NotTokenOwner(tokenId);
        listingId = ++listingCount;
        listings[listingId] = Listing(msg.sender, tokenId, price, true);
        emit Listed(listingId, msg.sender, tokenId, price);
    }

    function buy(uint256 listingId) external payable {
        Listing memory listing = listings[listingId];
        if (!listing.active) revert NotListed(listingId);
        if (msg.value != listing.price) revert WrongPayment(msg.value, listing.price);
        listings[listingId].active = false;
        IMarketCollection(collection).safeTransferFrom(listing.seller, msg.sender, listing.tokenId);
        uint256 fee = (listing.price * FEE_BPS) / 10_000;
        _pay(feeRecipient, fee);
        _pay(listing.seller, listing.price - fee);
        emit Sold(listingId, msg.sender, listing.seller, listing.price, fee);
    }

    function cancel(uint256 listingId) external {
        Listing storage listing = listings[listingId];
        if (!listing.active) revert NotListed(listingId);
        if (listing.seller != msg.sender) revert NotSeller(listingId);
        listing.active = false;
        emit Cancelled(listingId);
    }

    function _pay(address to, uint256 value) private {
        (bool ok,) = payable(to).call{value: value}("");
        if (!ok) revert PaymentFailed(to, value);
    }
}
